// Cadence's icons, by the names screens use: one SVG component each from lucide-react (ESM, no
// side effects), so a build carries only the glyphs listed here. No emoji, no icon font. Add a name
// here when a screen needs it (every glyph costs every page that loads shared-ui).
import {
  Bell,
  CalendarDays,
  ChartColumn,
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  ChevronsUpDown,
  CircleAlert,
  CircleCheck,
  CircleUser,
  ClipboardList,
  CreditCard,
  Ellipsis,
  FileText,
  House,
  Inbox,
  Info,
  LogOut,
  Mail,
  Menu,
  Monitor,
  Pencil,
  Plus,
  Receipt,
  Settings,
  Smartphone,
  Trash2,
  TriangleAlert,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react';
import './icon.css';

const glyphs = {
  today: House,
  clients: Users,
  schedule: CalendarDays,
  calendar: CalendarDays,
  sessions: ClipboardList,
  notes: FileText,
  payments: CreditCard,
  invoices: Receipt,
  reports: ChartColumn,
  settings: Settings,
  notifications: Bell,
  account: CircleUser,
  desktop: Monitor,
  phone: Smartphone,
  email: Mail,
  'sign-out': LogOut,
  add: Plus,
  edit: Pencil,
  delete: Trash2,
  close: X,
  check: Check,
  more: Ellipsis,
  menu: Menu,
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  error: CircleAlert,
  empty: Inbox,
  'chevron-down': ChevronDown,
  'chevron-left': ChevronLeft,
  'chevron-right': ChevronRight,
  sort: ChevronsUpDown,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof glyphs;
export const ICON_NAMES = Object.keys(glyphs) as IconName[];

export interface IconProps {
  name: IconName;
  /** Says what the icon means when nothing beside it does; without it the icon is decorative and hidden from assistive tech. */
  label?: string;
  /** Pixels; defaults to the surrounding text's size (1em). */
  size?: number | string;
  className?: string;
}

export function Icon({ name, label, size = '1em', className }: IconProps) {
  const Glyph = glyphs[name];
  const classes = className ? `ui-icon ${className}` : 'ui-icon';
  return <Glyph role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : 'true'} focusable="false" size={size} className={classes} />;
}
