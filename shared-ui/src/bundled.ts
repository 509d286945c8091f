// @cadence/shared-ui/bundled: the primitives only a few pages use — the menu, combobox, table, tabs,
// pagination, switch, time input and toast. Not part of the shared singleton (src/index.ts) that the
// shell provides and every remote route loads: a remote bundles the ones it imports with its own
// page, so a page that has none of them (sign-in, the portal, the content pages) carries none of
// their bytes. They hold no state shared across remotes (a ToastProvider and its useToast() are
// one remote's own). What they use of the singleton (Icon, Field, IconButton) they import by the
// package name, never by a relative path, so a remote gets the shell's copy instead of bundling a
// second one with every icon (~4 KB gzip on each dashboard route).
export { TimeInput, type TimeInputProps } from './field/time-input.tsx';
export { Switch, type SwitchProps } from './switch/switch.tsx';
export { Menu, type MenuItem, type MenuProps } from './menu/menu.tsx';
export { Tabs, type TabItem, type TabsProps } from './tabs/tabs.tsx';
export { Combobox, type ComboboxOption, type ComboboxProps } from './combobox/combobox.tsx';
export { Table, type SortDirection, type TableColumn, type TableProps, type TableSort } from './table/table.tsx';
export { Toast, ToastProvider, useToast, type ToastApi, type ToastOptions, type ToastProps, type ToastProviderProps, type ToastTone } from './toast/toast.tsx';
export { Pagination, type PaginationProps } from './pagination/pagination.tsx';
