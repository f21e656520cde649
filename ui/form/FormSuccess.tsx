import type { Ref } from 'react';

/**
 * What a form's request achieved, announced politely; the region stays in the page when empty, and
 * takes the focus when what the visitor did ends here (a step with nothing after it).
 */
export function FormSuccess({
  message,
  ref,
}: {
  message: string | null;
  ref?: Ref<HTMLParagraphElement>;
}) {
  return (
    <p ref={ref} className="form-success" role="status" tabIndex={-1}>
      {message}
    </p>
  );
}
