/** GBK bytes of a text (a reverse table of the two-byte GBK range; ASCII passes through). */
export function gbk(text: string): Buffer {
  const table = new Map<string, [number, number]>();
  const dec = new TextDecoder('gbk');
  for (let lead = 0x81; lead <= 0xfe; lead++)
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      const ch = dec.decode(Uint8Array.of(lead, trail));
      if (!table.has(ch)) table.set(ch, [lead, trail]);
    }
  const out: number[] = [];
  for (const ch of text) {
    const pair = table.get(ch);
    if (pair) out.push(...pair);
    else out.push(ch.charCodeAt(0));
  }
  return Buffer.from(out);
}
