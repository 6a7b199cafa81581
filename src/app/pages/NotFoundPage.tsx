import { NotFoundScreen } from '../../components/screens/NotFoundScreen';
import { PAGE_TITLES, PATHS } from '../../paths';
import { useDocumentTitle } from '../useDocumentTitle';

export function NotFoundPage() {
  useDocumentTitle(PAGE_TITLES.notFound);
  return <NotFoundScreen homeHref={PATHS.home} />;
}
