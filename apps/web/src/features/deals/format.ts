// How deal amounts read on screen: dollars with cents, pounds with up to two decimals.

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const pounds = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export const formatMoney = (value: number) => dollars.format(value);

export const formatPounds = (value: number) => `${pounds.format(value)} ${value === 1 ? 'lb' : 'lbs'}`;

/** "12.5 lbs at $1,200.00/lb" */
export const formatTerms = (quantityLbs: number, pricePerLb: number) =>
  `${formatPounds(quantityLbs)} at ${formatMoney(pricePerLb)}/lb`;
