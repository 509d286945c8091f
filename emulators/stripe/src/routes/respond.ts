import type { Ctx } from '../context.ts';
import { includable, render } from '../render.ts';
import type { StoredObject } from '../store.ts';
import { applyExpand, paginate, searchMatcher, searchResult, str, type Params } from '../wire.ts';
import { requiredParam } from '../errors.ts';

/** One object as the API returns it: rendered, then `expand[]` applied. */
export function one(ctx: Ctx, p: Params, object: StoredObject): StoredObject {
  return applyExpand(ctx.store, render(ctx.store, object), p, (o) => render(ctx.store, o), (o, f) => includable(ctx.store, o, f));
}

/** A list envelope over newest-first objects; `expand[]=data.x` reaches into the items. */
export function many(ctx: Ctx, p: Params, objects: StoredObject[], url: string): Record<string, unknown> {
  const page = paginate(objects, p, url);
  const rendered = { ...page, data: page.data.map((o) => render(ctx.store, o)) };
  return applyExpand(ctx.store, rendered, p, (o) => render(ctx.store, o), (o, f) => includable(ctx.store, o, f));
}

export function search(ctx: Ctx, p: Params, type: string, url: string): Record<string, unknown> {
  const query = str(p, 'query');
  if (!query) throw requiredParam('query');
  const match = searchMatcher(query);
  const found = ctx.store.all(type).filter(match).map((o) => render(ctx.store, o));
  return applyExpand(ctx.store, searchResult(found, p, url), p, (o) => render(ctx.store, o), (o, f) => includable(ctx.store, o, f));
}
