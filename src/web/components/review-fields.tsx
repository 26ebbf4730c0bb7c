import { REVIEW_MAX_LENGTH } from '../../contract/constants';
import { rt } from '../i18n/reviews';
import type { FieldErrors } from '../lib/form';
import type { ReviewField } from '../lib/review-form';
import { TextAreaField } from './form-field';
import { StarRatingInput } from './star-rating-input';

type ReviewFieldsProps = {
  /** Keeps ids apart when the add form and the edit dialog are both on the page. */
  idPrefix: string;
  text: string;
  onTextChange: (text: string) => void;
  rating: number;
  onRatingChange: (rating: number) => void;
  errors: FieldErrors<ReviewField>;
};

/** The text and the stars of a review, for adding and for editing. */
export function ReviewFields({ idPrefix, text, onTextChange, rating, onRatingChange, errors }: ReviewFieldsProps) {
  return (
    <>
      <TextAreaField
        id={`${idPrefix}-review`}
        name="review"
        label={rt.reviewLabel}
        placeholder={rt.reviewPlaceholder}
        rows={4}
        maxLength={REVIEW_MAX_LENGTH}
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        error={errors.review}
      />
      <StarRatingInput
        name="rating"
        label={rt.ratingLabel}
        value={rating}
        onChange={onRatingChange}
        error={errors.rating}
      />
    </>
  );
}
