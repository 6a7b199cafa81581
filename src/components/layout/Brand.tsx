import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PATHS } from '../../paths';

export interface BrandProps {
  /** 'bar': the phone's top bar; 'side': the larger one at the top of the side navigation. */
  place: 'bar' | 'side';
}

/** The app's name as a link to Home. */
export function Brand({ place }: BrandProps) {
  return (
    <BrandLink to={PATHS.home} $place={place}>
      Murmur
    </BrandLink>
  );
}

const BrandLink = styled(Link)<{ $place: BrandProps['place'] }>`
  font-weight: 700;
  letter-spacing: -0.02em;
  text-decoration: none;
  border-radius: 0.375rem;
  font-size: ${({ $place, theme }) => ($place === 'side' ? theme.font.size.xxl : theme.font.size.xl)};
  color: ${({ theme }) => theme.colors.primary};
`;
