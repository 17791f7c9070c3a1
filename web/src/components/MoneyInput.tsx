import { fenToYuanText, sanitizeNumber, yuanToFen } from '@crm/core';
import { Input, type InputProps } from 'antd';
import { useEffect, useState } from 'react';

/**
 * An amount typed in yuan (two decimals at most), held as whole fen: the text is turned into fen by string
 * arithmetic, never through a floating-point multiplication.
 */
export function MoneyInput({
  value,
  onChange,
  ...rest
}: Omit<InputProps, 'value' | 'onChange'> & { value?: number | null; onChange?: (fen: number | null) => void }) {
  const [text, setText] = useState(value == null ? '' : fenToYuanText(value));
  // biome-ignore lint/correctness/useExhaustiveDependencies: text is read, not watched
  useEffect(() => {
    if (yuanToFen(text) !== (value ?? null)) setText(value == null ? '' : fenToYuanText(value));
  }, [value]);
  return (
    <Input
      inputMode="decimal"
      suffix="元"
      {...rest}
      value={text}
      onChange={(e) => {
        const next = sanitizeNumber(e.target.value, { decimals: 2, negative: false });
        setText(next);
        onChange?.(yuanToFen(next));
      }}
    />
  );
}
