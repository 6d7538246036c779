/** User-visible strings of the writer screens, verbatim from docs/product.md (typos included). */
export const writerMessages = {
  addHeading: 'add article',
  addSubtitle: 'Post your creative article',
  choosePhoto: 'Choose A Photo',
  selectPublisher: 'Select Publisher',
  selectTags: 'Select tags...',
  submit: 'Submit Article',
  noImageStored: 'Select an image first',
  noImageShown: 'Select an image',
  submittedTitle: 'Submited',
  submittedText: 'Your article has been submited',
  needPremiumTitle: 'Need Premium',
  needPremiumText: 'You have reached maximum post of free plan',
  updated: 'Updated',
  freePlanUsed: (max: number) =>
    `Free plan: ${max} ${max === 1 ? 'article' : 'articles'} — you have used it.`,
  goPremium: 'Go premium',
  toPostMore: ' to post more.',
  backToReview: 'Saving sends this article back to review; it stays hidden until an admin approves it again.',
  deleted: 'Deleted!',
} as const;
