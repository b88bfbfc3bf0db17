import { initialsOf } from '../../../../shared/initials.ts';
import type { OrgPerson } from '../api/structure-queries.ts';

/** A person's photo (alt = their name), or their initials when there is none. */
export function PersonPhoto({ person, size }: { person: OrgPerson; size: number }) {
  return person.photoUrl ? (
    <img
      className="org-photo"
      src={person.photoUrl}
      alt={person.name}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  ) : (
    <span className="org-photo org-initials" aria-hidden="true">
      {initialsOf(person.name)}
    </span>
  );
}

/** One person of the chart: photo, name and position. */
export function PersonCard({ person, lead = false }: { person: OrgPerson; lead?: boolean }) {
  return (
    <li className={lead ? 'org-person org-person-lead' : 'org-person'}>
      <PersonPhoto person={person} size={lead ? 112 : 80} />
      <span className="org-person-text">
        <span className="org-name">{person.name}</span>
        <span className="org-position">{person.position}</span>
      </span>
    </li>
  );
}
