// The words every panel shows in English (the common labels of src/ui/protocol.ts), written out:
// each panel's labels start with these.
export const ENGLISH_COMMON_LABELS = {
  copy: 'Copy',
  open: 'Open',
  notWebLink: '(not a web link)',
  onlyWebLinks: 'Only http and https links are opened',
  showMore: 'Show {0} more',
  showAll: 'Show all ({0} characters)',
} as const;
