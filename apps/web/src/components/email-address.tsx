import { Fragment } from 'react';

/**
 * An e-mail address that a narrow column wraps between its parts (before the "@" and each "."),
 * never inside a name: "orders@emerald-ridge" / ".example.com" reads as an address, "orders@emer" /
 * "ald-ridge.example.com" does not. Only a single part too long for the line is broken.
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?=[@.])/);
  let offset = 0;
  return (
    <span className="break-words">
      {parts.map((part) => {
        const at = offset;
        offset += part.length;
        return (
          <Fragment key={at}>
            {at > 0 && <wbr />}
            {part}
          </Fragment>
        );
      })}
    </span>
  );
}
