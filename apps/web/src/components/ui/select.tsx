import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';
import { controlClasses } from './input.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

type SelectProps = ComponentProps<'select'> & {
  options: readonly (SelectOption | string)[];
  /** A first, empty choice such as "Select a county". */
  placeholder?: string;
};

export function Select({ options, placeholder, className, ...props }: SelectProps) {
  return (
    <select className={cn(controlClasses, 'pr-8', className)} {...props}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => {
        const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </select>
  );
}
