import { PolicyDocument } from './PolicyDocument';

export default function TermsPage() {
  return <PolicyDocument policy="terms" />;
}
