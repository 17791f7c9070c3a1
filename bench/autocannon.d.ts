// autocannon ships no type declarations; the load benchmark uses its programmatic API (README of autocannon 8).
declare module 'autocannon' {
  const autocannon: any;
  export default autocannon;
}
declare module 'autocannon/lib/histUtil.js' {
  const histUtil: { decodeHist(encoded: string): any };
  export default histUtil;
}
