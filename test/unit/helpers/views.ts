// The rows of a view that a panel shows in sections (a receipt's, a chain's), by field.
import * as assert from 'node:assert/strict';

type Sectioned<R> = { sections: ReadonlyArray<{ rows: readonly R[] }> };

/** Every row, section after section. */
export const allRows = <R>(view: Sectioned<R>): R[] => view.sections.flatMap((s) => s.rows);

/** The row for a field, or undefined when the view has none. */
export const findRow = <R extends { field: string }>(view: Sectioned<R>, field: string): R | undefined => allRows(view).find((r) => r.field === field);

/** Whether the view has a row for the field. */
export const hasRow = <R extends { field: string }>(view: Sectioned<R>, field: string): boolean => findRow(view, field) !== undefined;

/** The row for a field, which must be there. */
export function rowOf<R extends { field: string }>(view: Sectioned<R>, field: string): R {
  const r = findRow(view, field);
  assert.ok(r, `row ${field} exists`);
  return r;
}

/** The section of a view by its id, or undefined when the view has none. */
export const sectionOf = <S extends { id: string }>(view: { sections: readonly S[] }, id: string): S | undefined => view.sections.find((s) => s.id === id);
