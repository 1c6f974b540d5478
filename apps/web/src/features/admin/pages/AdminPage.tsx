import { Link } from 'react-router';
import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

/** /admin/* — the admin area (shown without the app header and footer); placeholder until its issue. */
export default function AdminPage() {
  return (
    <>
      <PlaceholderPage title="Admin" />
      <p style={{ maxWidth: 1200, margin: '0 auto', padding: '0 24px' }}>
        <Link to="/">Back to Jelly</Link>
      </p>
    </>
  );
}
