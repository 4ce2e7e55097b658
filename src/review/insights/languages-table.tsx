import { Link } from 'wouter';
import { inboxOfLanguage, languageRowName } from './insights-query.ts';
import { CountColumn, TableCard } from './table-card.tsx';

const whole = new Intl.NumberFormat('en');

type LanguageCount = {
  language: string | null;
  visits: number;
  applications: number;
};

/** The visits and applications of the period per language, each language's applications a way into the inbox. */
export function LanguagesTable({
  languages,
  call,
}: {
  languages: readonly LanguageCount[];
  call: string | undefined;
}) {
  return (
    <TableCard
      id="languages-heading"
      heading="Languages"
      isEmpty={languages.length === 0}
      columns={
        <>
          <th scope="col">Language</th>
          <CountColumn>Visits</CountColumn>
          <CountColumn>Applications</CountColumn>
        </>
      }
    >
      {languages.map((row) => (
        <tr key={row.language ?? ''}>
          <th scope="row">{languageRowName(row.language)}</th>
          <td className="insights__number" data-label="Visits">
            {whole.format(row.visits)}
          </td>
          <td className="insights__number" data-label="Applications">
            {row.applications > 0 && row.language !== null ? (
              <Link
                href={inboxOfLanguage(row.language, call)}
                aria-label={`${whole.format(row.applications)} applications in ${languageRowName(row.language)} in the inbox`}
              >
                {whole.format(row.applications)}
              </Link>
            ) : (
              whole.format(row.applications)
            )}
          </td>
        </tr>
      ))}
    </TableCard>
  );
}
