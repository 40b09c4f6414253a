import type { Finding } from '@pdbscope/shared/api';
import { ObjectLink } from './ObjectLink.js';

const severityClass = { error: 'bad', warning: 'warn', info: '' } as const;

export function SeverityBadge({ severity }: { severity: Finding['severity'] }) {
  return <span className={`badge ${severityClass[severity]}`}>{severity}</span>;
}

/** Findings as a table: severity, the object it is about (linked), what is wrong and the remedy. */
export function FindingList({ findings }: { findings: readonly Finding[] }) {
  return (
    <table className="plain">
      <thead>
        <tr>
          <th scope="col">Severity</th>
          <th scope="col">About</th>
          <th scope="col">Finding</th>
          <th scope="col">Remedy</th>
        </tr>
      </thead>
      <tbody>
        {findings.map((finding) => (
          <tr key={finding.id}>
            <td>
              <SeverityBadge severity={finding.severity} />
            </td>
            <td>
              <ObjectLink object={finding.subject} />
              {finding.related.length > 0 ? (
                <div className="pod-meta">
                  with{' '}
                  {finding.related.slice(0, 5).map((related, index) => (
                    <span key={`${related.kind}/${related.namespace}/${related.name}`}>
                      {index > 0 ? ', ' : ''}
                      <ObjectLink object={related} />
                    </span>
                  ))}
                  {finding.related.length > 5 ? ` and ${finding.related.length - 5} more` : ''}
                </div>
              ) : null}
            </td>
            <td>
              {finding.message} <span className="muted mono">({finding.rule})</span>
            </td>
            <td>{finding.remedy}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
