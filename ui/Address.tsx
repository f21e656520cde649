import { Fragment } from 'react';

/**
 * An email address that, when it must wrap, wraps before its @ and its dots first, and only then
 * inside a word (the container's `overflow-wrap: anywhere`). Copied, it is the address as it is.
 */
export function Address({ value }: { value: string }) {
  const parts = value.split(/(?=[@.])/);
  return (
    <span>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
