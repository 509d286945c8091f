// The open Realtime connections, their subscriptions, and delivery (Appwrite's connection and
// subscription trees, `Realtime::getSubscribers` and the grouped send of app/realtime.php): an
// event goes to every connection subscribed to one of its channels that may read its payload, once,
// naming the subscriptions it matched.
import type { CompiledQueries } from './realtime-queries.ts';
import { matchesQueries } from './realtime-queries.ts';

export interface Subscription {
  channels: string[];
  queries: string[];
  compiled: CompiledQueries;
}

export interface Connection {
  /** roles the connection holds (callerRoles of its user, or a guest's) */
  roles: string[];
  userId: string;
  subscriptions: Map<string, Subscription>;
  send(text: string): void;
  /** ends the socket without a close handshake (a dropped network) */
  drop(): void;
}

export interface OutgoingEvent {
  events: string[];
  channels: string[];
  timestamp: string;
  payload: Record<string, unknown>;
  /** the permission rule for this payload */
  canRead(roles: readonly string[]): boolean;
}

export class RealtimeHub {
  readonly connections = new Set<Connection>();
  /** channel → connections with a subscription on it */
  private readonly byChannel = new Map<string, Set<Connection>>();

  add(connection: Connection): void {
    this.connections.add(connection);
  }

  remove(connection: Connection): void {
    for (const id of [...connection.subscriptions.keys()]) this.unsubscribe(connection, id);
    this.connections.delete(connection);
  }

  /** Adds or replaces a subscription (the SDK re-sends its ids after every reconnect and update). */
  subscribe(connection: Connection, id: string, subscription: Subscription): void {
    this.unsubscribe(connection, id);
    connection.subscriptions.set(id, subscription);
    for (const channel of subscription.channels) {
      let set = this.byChannel.get(channel);
      if (!set) this.byChannel.set(channel, (set = new Set()));
      set.add(connection);
    }
  }

  unsubscribe(connection: Connection, id: string): boolean {
    const subscription = connection.subscriptions.get(id);
    if (!subscription) return false;
    connection.subscriptions.delete(id);
    for (const channel of subscription.channels) {
      const stillUsed = [...connection.subscriptions.values()].some((s) => s.channels.includes(channel));
      if (stillUsed) continue;
      const set = this.byChannel.get(channel);
      set?.delete(connection);
      if (set?.size === 0) this.byChannel.delete(channel);
    }
    return true;
  }

  /**
   * Sends the event to each receiver; `current` may refresh a connection's identity first (it
   * answers false for a connection that must not receive anything now). Returns how many got it.
   */
  publish(event: OutgoingEvent, current: (connection: Connection) => boolean = () => true): number {
    const candidates = new Set<Connection>();
    for (const channel of event.channels) for (const c of this.byChannel.get(channel) ?? []) candidates.add(c);
    if (candidates.size === 0) return 0;
    // The part every receiver shares, serialised once (keys in Appwrite's order).
    const head = `{"type":"event","data":{"events":${JSON.stringify(event.events)},"channels":${JSON.stringify(event.channels)},"timestamp":${JSON.stringify(event.timestamp)},"payload":${JSON.stringify(event.payload)},"subscriptions":`;
    const readable = new Map<string, boolean>();
    let sent = 0;
    for (const connection of candidates) {
      if (!current(connection)) continue;
      const key = connection.roles.join('\n');
      let allowed = readable.get(key);
      if (allowed === undefined) readable.set(key, (allowed = event.canRead(connection.roles)));
      if (!allowed) continue;
      const matched: string[] = [];
      for (const [id, subscription] of connection.subscriptions) {
        if (subscription.channels.some((c) => event.channels.includes(c)) && matchesQueries(subscription.compiled, event.payload)) matched.push(id);
      }
      if (matched.length === 0) continue;
      connection.send(`${head}${JSON.stringify(matched)}}}`);
      sent += 1;
    }
    return sent;
  }
}
