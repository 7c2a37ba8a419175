import { PolicyDocument } from './PolicyDocument';

export default function PrivacyPage() {
  return <PolicyDocument policy="privacy" />;
}
