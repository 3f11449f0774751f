// Public pages of the state regulator, the Department of Cannabis Control (DCC).

/** The DCC's public license search, where a buyer checks a seller's license. */
export const DCC_LICENSE_SEARCH = 'https://search.cannabis.ca.gov/';
/** The DCC's home page: California's cannabis rules and guidance. */
export const DCC_HOME = 'https://cannabis.ca.gov/';
