import { Link } from 'react-router';

export function NotFound() {
  return (
    <div role="alert" className="notice warn">
      There is no page at this address. <Link to="/">Go to all budgets</Link>
    </div>
  );
}
