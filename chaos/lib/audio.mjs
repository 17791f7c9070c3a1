// Recordings for the tests: a WAV (8 kHz mono 16-bit) with a tone, different in every call (uploads are
// deduplicated by content), and call transcripts in the product's JSON form.
let serial = 0;

export function wav(seconds = 2, rate = 8000) {
  const n = seconds * rate;
  const buf = Buffer.alloc(44 + n * 2);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + n * 2, 4);
  buf.write('WAVEfmt ', 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(n * 2, 40);
  const tone = 300 + (++serial % 500);
  for (let i = 0; i < n; i++)
    buf.writeInt16LE(
      Math.round(8000 * Math.sin((2 * Math.PI * tone * i) / rate) * (i % 4000 < 3000 ? 1 : 0.1)),
      44 + i * 2,
    );
  buf.writeUInt16LE(serial % 65536, buf.length - 2);
  return buf;
}

/** A call with a strong customer and a forbidden promise (an AI message goes to the owner). */
export function strongCall() {
  const lines = [
    ['agent', '您好，我是星辰教育的课程顾问小王，请问是李先生吗？'],
    ['customer', '是的，你说。'],
    ['agent', '您上周咨询的少儿编程课，我们这个课程保证收益，孩子学完保证提分。'],
    ['customer', '我挺感兴趣的，价格多少？什么时候可以报名？'],
    ['agent', '一期是三千九百八十元，这周报名有优惠。'],
    ['customer', '好的，那我今天就报名，你把合同和付款方式发给我吧。'],
  ];
  return JSON.stringify({
    durationMs: lines.length * 5000,
    segments: lines.map(([speaker, text], i) => ({ speaker, startMs: i * 5000, endMs: i * 5000 + 4000, text })),
  });
}
