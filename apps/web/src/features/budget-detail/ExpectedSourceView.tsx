import type { ExpectedSource } from '@pdbscope/shared/api';

export function ExpectedSourceView({ expected }: { expected: ExpectedSource }) {
  return (
    <div
      className={
        expected.type === 'error'
          ? 'notice bad'
          : expected.type === 'not-visible'
            ? 'notice warn'
            : 'card'
      }
    >
      <p>{expected.message}</p>
      {expected.controllers.length > 0 ? (
        <ul>
          {expected.controllers.map((controller) => (
            <li key={`${controller.apiVersion}/${controller.kind}/${controller.name}`}>
              {controller.kind} {controller.name}: scale {controller.replicas} ({controller.pods}{' '}
              pods selected)
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
