/** A labelled search box of a page's toolbar: each keystroke is a filter change. */
export function SearchField(props: {
  label: string;
  value: string | undefined;
  placeholder: string;
  onType: (value: string) => void;
}) {
  return (
    <label>
      {props.label}
      <input
        type="search"
        value={props.value ?? ''}
        placeholder={props.placeholder}
        onChange={(event) => props.onType(event.target.value)}
      />
    </label>
  );
}
