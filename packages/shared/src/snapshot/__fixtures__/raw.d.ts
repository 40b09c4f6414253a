// Vite (and so vitest) imports a file as text with `?raw`; tests read fixtures this way, without I/O.
declare module '*?raw' {
  const text: string;
  export default text;
}
