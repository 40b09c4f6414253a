/**
 * What an answer cannot see (the server's `notVisible` texts), said where the answer is: the
 * missing part is named, so that a partial answer is never read as a whole one. Nothing when all
 * is visible.
 */
export function NotVisibleNote({
  texts,
  lead = 'Not visible to this answer',
}: {
  texts: readonly string[] | undefined;
  lead?: string;
}) {
  if (texts === undefined || texts.length === 0) return null;
  const [only] = texts;
  return (
    <div className="notice warn notvisible-note" role="note">
      {texts.length === 1 ? (
        <p>
          {lead}: {only}.
        </p>
      ) : (
        <>
          <p>{lead}:</p>
          <ul>
            {texts.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
