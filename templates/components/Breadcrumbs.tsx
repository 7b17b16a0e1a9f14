// Breadcrumb trail (its BreadcrumbList JSON-LD is written by the route table from the same crumbs).
import type { Crumb } from '../types.ts';

export function Breadcrumbs({ crumbs }: { crumbs?: Crumb[] }) {
  if (!crumbs?.length) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((c, i) => (
          <li key={c.path}>
            {i === crumbs.length - 1 ? <span aria-current="page">{c.name}</span> : <a href={c.path}>{c.name}</a>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
