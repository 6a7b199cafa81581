import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { TextToken } from '../../api/richText';
import { hashtagPathOf, profilePathOf } from '../../paths';

export interface RichTextProps {
  /**
   * The text, already split by `tokenize` (src/api/richText.ts) and with mentions of people who
   * do not exist turned back into text: the caller (a view in src/machines) decides that.
   */
  tokens: readonly TextToken[];
  /** The signed-in username: a mention of oneself links to one's own profile. */
  me?: string | null;
}

/**
 * Text of posts, comments and bios with its links: http(s) addresses open in a new tab
 * (`noopener noreferrer`), mentions go to the person's profile and hashtags to Explore
 * filtered by the tag. Every other character is React text, so nothing in it is ever read as
 * HTML or markdown.
 *
 * It renders the text and links only, no element of its own: put it in the paragraph that holds
 * the text, which sets `dir="auto"`, `white-space: pre-wrap` (line breaks) and
 * `overflow-wrap: anywhere` (a long address wraps rather than widening the card). Text without
 * links renders exactly as the bare string would.
 */
export function RichText({ tokens, me = null }: RichTextProps) {
  return (
    <>
      {tokens.map((token, index) => {
        switch (token.kind) {
          case 'text':
            return token.text;
          case 'url':
            return (
              <Anchor key={index} href={token.href} target="_blank" rel="noopener noreferrer">
                {token.text}
              </Anchor>
            );
          case 'mention':
            return (
              <Anchor as={Link} key={index} to={profilePathOf(token.username, me)}>
                {token.text}
              </Anchor>
            );
          case 'hashtag':
            return (
              <Anchor as={Link} key={index} to={hashtagPathOf(token.tag)}>
                {token.text}
              </Anchor>
            );
        }
      })}
    </>
  );
}

const Anchor = styled.a`
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline;
  text-decoration-thickness: 1px;
  text-underline-offset: 0.15em;

  &:hover {
    text-decoration-thickness: 2px;
  }
`;
