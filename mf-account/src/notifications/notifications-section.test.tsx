import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

const notification = (notificationId: string, actionUrl: string | null) => ({
  $id: `doc-${notificationId}`, $collectionId: 'notifications', $databaseId: 'main', $sequence: 1,
  $createdAt: new Date().toISOString(), $updatedAt: new Date().toISOString(), $permissions: [],
  userId: 'u1', notificationId, type: 'welcome', priority: 'low', title: `Title ${notificationId}`, message: 'Message',
  actionText: `Act ${notificationId}`, actionUrl, timestamp: null, read: true, persistent: false, dismissed: false,
});
const stored = [
  notification('path', '/account?view=billing'),
  notification('same-origin', `${window.location.origin}/dashboard`),
  notification('other-origin', 'https://evil.example/unlock'),
  notification('protocol-relative', '//evil.example/unlock'),
  notification('script', 'javascript:alert(1)'),
];
vi.mock('@cadence/shared-auth', async (original) => ({
  ...(await original<typeof import('@cadence/shared-auth')>()),
  getInvoices: () => Promise.resolve([]),
  getLatestSubscription: () => Promise.resolve(null),
  addNotification: () => Promise.resolve(null),
  loadNotifications: () => Promise.resolve(stored),
  updateNotification: () => Promise.resolve(null),
}));
const { NotificationsSection } = await import('./notifications-section.tsx');
const { QueryProvider } = await import('@cadence/shared-auth/query');

describe('NotificationsSection action buttons (issue 11: same-origin paths only)', () => {
  it('links a stored path of this app, and shows no button for any other destination', async () => {
    const user = userEvent.setup();
    render(<QueryProvider><NotificationsSection userId="u1" labels={[]} /></QueryProvider>);
    const expand = async (id: string) => user.click(await screen.findByRole('button', { name: `Title ${id}` }));
    await expand('path');
    expect(screen.getByRole('link', { name: 'Act path' })).toHaveAttribute('href', '/account?view=billing');
    await expand('same-origin');
    expect(screen.getByRole('link', { name: 'Act same-origin' })).toHaveAttribute('href', '/dashboard');
    for (const id of ['other-origin', 'protocol-relative', 'script']) {
      await expand(id);
      expect(screen.getByRole('button', { name: 'Copy Details' })).toBeVisible();
      expect(screen.queryByRole('link', { name: `Act ${id}` })).toBeNull();
    }
  });
});
