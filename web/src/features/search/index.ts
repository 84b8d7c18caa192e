// What the app composes of the search feature: the `/` shortcut, installed by the deal layout page.
export { useSearchShortcut } from './use-search-shortcut';
