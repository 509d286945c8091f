// @cadence/shared-ui: Cadence's design tokens (./tokens.css, loaded once by the shell), primitives
// and icons. Presentational only — no data, no auth. Explicit exports: this list is the public face.
export { Icon, ICON_NAMES, type IconName, type IconProps } from './icon/icon.tsx';
export { Button, buttonClassName, IconButton, type ButtonProps, type ButtonVariant, type IconButtonProps } from './button/button.tsx';
export { Spinner, type SpinnerProps } from './spinner/spinner.tsx';
export { Field, type FieldControlProps, type FieldProps, type FieldTextProps } from './field/field.tsx';
export { TextInput, type TextInputProps } from './field/text-input.tsx';
export { Textarea, type TextareaProps } from './field/textarea.tsx';
export { Select, type SelectOption, type SelectProps } from './field/select.tsx';
export { DateInput, type DateInputProps } from './field/date-input.tsx';
export { Checkbox, type CheckboxProps } from './checkbox/checkbox.tsx';
export { RadioGroup, type RadioGroupProps, type RadioOption } from './radio-group/radio-group.tsx';
export { Dialog, type DialogProps } from './dialog/dialog.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './dialog/confirm-dialog.tsx';
export { Card, type CardProps } from './card/card.tsx';
export { PageHeader, type PageHeaderProps } from './page-header/page-header.tsx';
export { Badge, StatusChip, type BadgeProps, type BadgeTone, type StatusChipProps } from './badge/badge.tsx';
export { Alert, type AlertProps, type AlertTone } from './alert/alert.tsx';
export { EmptyState, type EmptyStateProps } from './empty-state/empty-state.tsx';
export { Skeleton, type SkeletonProps } from './skeleton/skeleton.tsx';
