/**
 * The Murmur component library: everything `import … from 'murmur'` gives. Components are pure
 * (props in, callbacks out) and styled with the theme, so an app renders them inside
 * styled-components' `<ThemeProvider theme={theme}>` with `<GlobalStyle />` once; components
 * that link (the navigation, the screens) need a react-router-dom router around them. The Inter
 * font is a separate, optional import: `import 'murmur/font'`.
 *
 * Each module is its own file in the package, so a bundler keeps only the components an app
 * imports.
 */
export * from './ui';
export * from './post';
export * from './user';
export * from './layout';
export * from './screens';
export * from './search';

// The data the components show, as the API's contract defines it, and the verdicts of the rules
// they are given (a component never applies a rule itself: its owner passes the verdict).
export type {
  Comment,
  Likes,
  Post,
  PostData,
  Timestamp,
  User,
  UserData,
  UserSummary,
  Votes,
} from '../api/types';
export type {
  ImageProblem,
  SignupField,
  SignupFields,
  TextFieldVerdict,
  TextProblem,
  TextVerdict,
} from '../api/rules';
