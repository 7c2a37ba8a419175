import clsx from 'clsx';

interface ListTableColumn {
  label: string;
  /** Width and from which breakpoint the column shows ("hidden w-24 sm:table-cell"). */
  className?: string;
}

/**
 * The header row of a list table (models, projects, members, shares): the columns' names, then
 * the row actions' column, named for screen readers only.
 */
export function ListTableHead({
  columns,
  actions,
}: {
  columns: ListTableColumn[];
  actions: Required<ListTableColumn>;
}) {
  return (
    <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-500">
      <tr>
        {columns.map((column, i) => (
          <th key={i} scope="col" className={clsx('px-4 py-2.5 font-medium', column.className)}>
            {column.label}
          </th>
        ))}
        <th scope="col" className={clsx('px-2 py-2.5', actions.className)}>
          <span className="sr-only">{actions.label}</span>
        </th>
      </tr>
    </thead>
  );
}
