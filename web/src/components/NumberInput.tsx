import { rangeMessage, sanitizeNumber, toNumber } from '@crm/core';
import { Input, type InputProps, Tooltip } from 'antd';
import { useEffect, useState } from 'react';

export interface NumberInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value?: number | null;
  onChange?: (value: number | null) => void;
  decimals?: number;
  negative?: boolean;
  min?: number;
  max?: number;
}

/** Number input of spec section 5: digits, one leading minus, one point, limited decimals; range messages. */
export function NumberInput({ value, onChange, decimals = 2, negative = true, min, max, ...rest }: NumberInputProps) {
  const [text, setText] = useState(value === null || value === undefined ? '' : String(value));
  // Only a new value from outside rewrites the text (typing '1.' must stay '1.').
  // biome-ignore lint/correctness/useExhaustiveDependencies: text is read, not watched
  useEffect(() => {
    if (toNumber(text) !== (value ?? null)) setText(value === null || value === undefined ? '' : String(value));
  }, [value]);
  const error = rangeMessage(toNumber(text), min, max);
  return (
    <Tooltip open={!!error} title={error} placement="topLeft">
      <Input
        {...rest}
        inputMode="decimal"
        status={error ? 'error' : rest.status}
        value={text}
        onChange={(e) => {
          const next = sanitizeNumber(e.target.value, { decimals, negative });
          setText(next);
          onChange?.(toNumber(next));
        }}
      />
    </Tooltip>
  );
}
