import { Fragment, type ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';
import { useMediaQuery } from '@/lib/use-media-query.ts';

export interface ResponsiveColumn<T> {
  /** The column's header on wide screens, and the label of its value in a phone card. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes for the column's cells (alignment, wrapping). */
  className?: string;
  /** Classes for the column's header (width, alignment). */
  headerClassName?: string;
  /**
   * How a phone card shows this column: by default as a labelled field with the cell's content;
   * a function words it for the card; false leaves it out (the card's header already says it).
   */
  card?: false | ((row: T) => ReactNode);
}

/** Tailwind's breakpoints, from which there is room for the table. */
const TABLE_FROM = { md: '(min-width: 768px)', lg: '(min-width: 1024px)' } as const;

interface ResponsiveTableProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Names the table, and the list of cards, for screen readers, e.g. "Active listings". */
  caption: string;
  columns: readonly ResponsiveColumn<T>[];
  /** md for a few columns; lg when there are too many for a tablet. */
  tableFrom: keyof typeof TABLE_FROM;
  /** The top of a phone card: what the row is, and its state. */
  cardHeader: (row: T) => ReactNode;
  /** Buttons for a row: the last column of the table, the foot of a card. */
  actions?: (row: T) => ReactNode;
  /** Fixed column widths (set by headerClassName) line up tables shown one above the other. */
  fixedLayout?: boolean;
  /** Narrower cell padding, for tables with many columns. */
  dense?: boolean;
}

const ACTIONS = 'Actions';

/**
 * Rows as a table where there is room for its columns, and as a list of labelled cards on phones,
 * where there is not. Only one of the two is rendered, so screen readers meet the rows once.
 */
export function ResponsiveTable<T>({ tableFrom, ...props }: ResponsiveTableProps<T>) {
  const wide = useMediaQuery(TABLE_FROM[tableFrom]);
  return wide ? <RowsTable {...props} /> : <RowCards {...props} />;
}

type LayoutProps<T> = Omit<ResponsiveTableProps<T>, 'tableFrom'>;

function RowsTable<T>({ rows, rowKey, caption, columns, actions, fixedLayout, dense }: LayoutProps<T>) {
  const padding = dense ? 'px-3 py-3' : 'px-4 py-3';
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table
        className={cn('min-w-full divide-y divide-slate-200 text-left text-sm', fixedLayout && 'table-fixed')}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cn(padding, column.headerClassName)}>
                {column.header}
              </th>
            ))}
            {actions && (
              <th scope="col" className={cn(padding, 'text-right', fixedLayout && 'w-44')}>
                {ACTIONS}
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="align-middle">
              {columns.map((column) => (
                <td key={column.header} className={cn(padding, column.className)}>
                  {column.cell(row)}
                </td>
              ))}
              {actions && (
                <td className={padding}>
                  <div className="flex flex-wrap justify-end gap-2">{actions(row)}</div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RowCards<T>({ rows, rowKey, caption, columns, cardHeader, actions }: LayoutProps<T>) {
  const fields = columns.filter((column) => column.card !== false);
  return (
    // grid-cols-1 (minmax(0, 1fr)), not the implicit auto column: a long unbroken title would
    // otherwise widen the card past a phone's screen instead of wrapping.
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={caption}>
      {rows.map((row) => (
        <li
          key={rowKey(row)}
          className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm"
        >
          {cardHeader(row)}
          {fields.length > 0 && (
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
              {fields.map((column) => (
                <Fragment key={column.header}>
                  <dt className="text-slate-600">{column.header}</dt>
                  <dd className="min-w-0 text-right break-words text-slate-900">
                    {(column.card || column.cell)(row)}
                  </dd>
                </Fragment>
              ))}
            </dl>
          )}
          {actions && (
            <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-100 pt-3">{actions(row)}</div>
          )}
        </li>
      ))}
    </ul>
  );
}
