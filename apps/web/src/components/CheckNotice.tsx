/**
 * Said when part of an answer, drawn before it was checked against the API's schema
 * (api/first-paint.ts), does not match it: `what` names the part ("pods", "nodes").
 */
export function CheckNotice({ error, what }: { error: string | undefined; what: string }) {
  return error === undefined ? null : (
    <p role="alert" className="notice bad">
      The answer&apos;s {what} do not match the API: {error}
    </p>
  );
}
