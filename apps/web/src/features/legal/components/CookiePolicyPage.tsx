import { PolicyDocument } from './PolicyDocument';

export default function CookiePolicyPage() {
  return <PolicyDocument policy="cookies" />;
}
