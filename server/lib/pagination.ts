import { z } from 'zod';

// docs/api.md: `pagination[pageSize]` (default 10, 1..100) and `pagination[pageNumber]` (default 1, >= 1).
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;

const integerParam = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'VALUE_NOT_VALID')
    .transform(Number)
    .pipe(z.number().int().min(min, 'VALUE_NOT_VALID').max(max, 'VALUE_NOT_VALID'))
    .optional()
    .transform((value) => value ?? fallback);

export const paginationSchema = z
  .object({
    pageSize: integerParam(1, PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
    pageNumber: integerParam(1, Number.MAX_SAFE_INTEGER, 1),
  }, { error: 'VALUE_NOT_VALID' })
  .optional()
  .transform((value) => value ?? { pageSize: PAGE_SIZE_DEFAULT, pageNumber: 1 });

/** Spread into a route's querystring schema: `z.object({ ...paginationQuery, other: ... })`. */
export const paginationQuery = { pagination: paginationSchema };

export type PageRequest = { pageSize: number; pageNumber: number };

export interface Pagination extends PageRequest {
  totalItems: number;
  totalPages: number;
}

export interface Paged<T> {
  items: T[];
  pagination: Pagination;
}

export { pagedSchema } from '../../contract/envelope';

/** SQL window for a page. */
export const pageWindow = ({ pageSize, pageNumber }: PageRequest) => ({
  limit: pageSize,
  offset: (pageNumber - 1) * pageSize,
});

export function paged<T>(items: T[], totalItems: number, page: PageRequest): Paged<T> {
  return {
    items,
    pagination: {
      pageSize: page.pageSize,
      pageNumber: page.pageNumber,
      totalItems,
      totalPages: Math.ceil(totalItems / page.pageSize),
    },
  };
}
