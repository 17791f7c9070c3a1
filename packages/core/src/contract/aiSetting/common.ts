import { z } from 'zod';

/** Fields shared by the AI settings' calls. */

export const boolField = (label: string) => z.boolean({ error: `${label}须为是或否` });

/** A list of short words (keywords, hints, phrases): trimmed, blanks refused, duplicates dropped. */
export const wordList = (label: string, maxWords: number, maxLength: number) =>
  z
    .array(
      z
        .string({ error: `${label}须为文本` })
        .trim()
        .min(1, `${label}不能为空`)
        .max(maxLength, `${label}最多 ${maxLength} 个字`),
      { error: `${label}列表不正确` },
    )
    .max(maxWords, `${label}最多 ${maxWords} 个`)
    .transform((words) => [...new Set(words)]);
