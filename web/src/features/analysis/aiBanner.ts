/**
 * The AI banner of spec part 1 (A3): shown or hidden by the cookies AiBanner and aiButton. For the labels 打标签 and
 * 写跟进 it hides when the aiButton cookie is set; for any other label the aiButton cookie is deleted. Nothing
 * happens when AI is already enabled.
 */

export const AI_BANNER_COOKIE = 'AiBanner';
export const AI_BUTTON_COOKIE = 'aiButton';
/** The labels whose banner is governed by the aiButton cookie. */
export const BUTTON_LABELS = ['打标签', '写跟进'] as const;
/** How long a closed banner stays closed. */
export const BANNER_COOKIE_DAYS = 30;

/** What the banner shows for a label: its picture (a CSS background) and its line. */
export const BANNER_IMAGES: Record<string, { background: string; text: string }> = {
  打标签: {
    background: 'linear-gradient(90deg, #e6f4ff 0%, #f0e6ff 100%)',
    text: '开通 AI 后，每通电话自动打上意向与通话标签',
  },
  写跟进: {
    background: 'linear-gradient(90deg, #f6ffed 0%, #e6fffb 100%)',
    text: '开通 AI 后，通话小结与关键信息自动写入跟进',
  },
  default: {
    background: 'linear-gradient(90deg, #e6f4ff 0%, #fff7e6 100%)',
    text: '开通 AI 通话分析：意向识别、违规检查、流失预警、通话小结，一通电话一份分析',
  },
};

export const bannerImage = (label?: string) => BANNER_IMAGES[label ?? ''] ?? BANNER_IMAGES.default;

export interface BannerDecision {
  visible: boolean;
  /** Delete the aiButton cookie (a label other than 打标签 / 写跟进). */
  clearAiButton: boolean;
  /** The cookie that closing the banner sets. */
  closeCookie: typeof AI_BANNER_COOKIE | typeof AI_BUTTON_COOKIE | null;
}

export function bannerDecision(
  label: string | undefined,
  aiOpen: boolean,
  cookies: Record<string, string | undefined>,
): BannerDecision {
  if (aiOpen) return { visible: false, clearAiButton: false, closeCookie: null };
  const isButton = (BUTTON_LABELS as readonly string[]).includes(label ?? '');
  if (isButton) return { visible: !cookies[AI_BUTTON_COOKIE], clearAiButton: false, closeCookie: AI_BUTTON_COOKIE };
  return { visible: !cookies[AI_BANNER_COOKIE], clearAiButton: true, closeCookie: AI_BANNER_COOKIE };
}

/** The cookies of `document.cookie` by name. */
export function parseCookies(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (name) out[name] = decodeURIComponent(part.slice(at + 1).trim());
  }
  return out;
}
