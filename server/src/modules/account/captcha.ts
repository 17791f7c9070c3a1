import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function randomCaptchaText(length = 4): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** Renders a captcha as an SVG image with noise lines and jittered glyphs (no native canvas needed). */
export function captchaSvg(text: string): string {
  const w = 120;
  const h = 40;
  const lines = Array.from({ length: 5 }, () => {
    const c = `hsl(${randomInt(360)},60%,60%)`;
    return `<line x1="${randomInt(w)}" y1="${randomInt(h)}" x2="${randomInt(w)}" y2="${randomInt(h)}" stroke="${c}" stroke-width="1"/>`;
  }).join('');
  const glyphs = [...text]
    .map((ch, i) => {
      const x = 14 + i * 26 + randomInt(6);
      const y = 28 + randomInt(6);
      const rot = randomInt(40) - 20;
      const c = `hsl(${randomInt(360)},70%,35%)`;
      return `<text x="${x}" y="${y}" fill="${c}" font-size="24" font-family="monospace" font-weight="bold" transform="rotate(${rot} ${x} ${y})">${ch}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#f4f6fb"/>${lines}${glyphs}</svg>`;
}
