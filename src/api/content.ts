// Reading the static-content tree by a dotted path (`footer.email`): '' or null when absent. Shared with the
// server's page heads.
export { contentNode, contentText } from '../../contract/content-tree';
