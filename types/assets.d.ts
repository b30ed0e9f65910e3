/** Image modules: webpack's asset rule (and Jest's file stub) resolve an import to its URL. */
declare module '*.svg' {
  const src: string;
  export default src;
}
declare module '*.png' {
  const src: string;
  export default src;
}
declare module '*.jpg' {
  const src: string;
  export default src;
}
