/** What a form's request achieved, announced politely; the region stays in the page when empty. */
export function FormSuccess({ message }: { message: string | null }) {
  return (
    <p className="form-success" role="status">
      {message}
    </p>
  );
}
