/** User-visible strings of the profile screens, verbatim from docs/product.md (typos included). */
export const profileMessages = {
  notAvailable: 'N/A',
  editProfile: 'Edit Profile',
  dialogTitle: 'Update Profile',
  changeImage: 'Change Image',
  cancelImage: 'Cancel',
  updatedTitle: 'Updated',
  updatedText: 'Your article has been Updataed',
} as const;
