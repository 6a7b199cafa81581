import styled from 'styled-components';
import { Spinner } from '../../components/ui/Spinner';

/** While a route's code loads (first visit to a screen): a centred spinner, no layout jump. */
export function PageLoading() {
  return (
    <Centre>
      <Spinner size="lg" label="Loading Murmur" />
    </Centre>
  );
}

const Centre = styled.div`
  display: grid;
  place-items: center;
  min-height: 60vh;
`;
