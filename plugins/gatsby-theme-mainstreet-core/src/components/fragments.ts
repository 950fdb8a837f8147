import { graphql } from "gatsby";

/** Fields the section components read; templates spread these so every page asks for the same shape. */
export const fragments = graphql`
  fragment MainstreetItemCard on MainstreetMenuItem {
    itemId
    name
    description
    path
    available
    visible
    order
    variations
    priceText
    interactions
    image {
      alt
      file {
        childImageSharp {
          gatsbyImageData(width: 480, aspectRatio: 1.333, layout: CONSTRAINED)
        }
      }
    }
  }

  fragment MainstreetWebsitePage on MainstreetPage {
    title
    seoTitle
    seoDescription
    components
  }

  fragment MainstreetCategorySection on MainstreetMenuCategory {
    categoryId
    name
    description
    path
    items {
      ...MainstreetItemCard
    }
  }

  fragment MainstreetMenuSections on Query {
    allMainstreetMenuCategory(sort: { order: ASC }) {
      nodes {
        ...MainstreetCategorySection
      }
    }
  }

  fragment MainstreetBlogPostFields on MainstreetBlogPost {
    postId
    title
    author
    summary
    path
    publishedDate
    publishedLabel
  }

  fragment MainstreetBlogPostCard on MainstreetBlogPost {
    ...MainstreetBlogPostFields
    heroImage {
      alt
      file {
        childImageSharp {
          gatsbyImageData(width: 480, aspectRatio: 1.778, layout: CONSTRAINED)
        }
      }
    }
  }

  fragment MainstreetMemberCard on MainstreetTeamMember {
    memberId
    name
    role
    bio
    path
    specialties
    image {
      alt
      file {
        childImageSharp {
          gatsbyImageData(width: 360, aspectRatio: 0.8, layout: CONSTRAINED)
        }
      }
    }
  }

  fragment MainstreetLocationCard on MainstreetLocation {
    locationId
    name
    path
    street
    city
    state
    zip
    phone
    phoneHref
    email
    hours
    specialHours
    timezone
  }
`;
