import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'warning';
export type ButtonSize = 'small' | 'medium' | 'large';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'medium', extra?: string): string {
  return [styles.button, styles[variant], size === 'medium' ? '' : styles[size], extra].filter(Boolean).join(' ');
}

export function Button({ variant = 'primary', size = 'medium', className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, size, className)} {...rest} />;
}
