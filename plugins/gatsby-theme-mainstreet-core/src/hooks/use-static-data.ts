import { graphql, useStaticQuery } from "gatsby";

/**
 * The build-time facts every page reads (layout, head, forms, ordering) in one static query. Gatsby's
 * loader fetches each static query a page uses as a request of its own, all started in the task that
 * handles the page data and each answered in a task of its own; four queries cost the first load three
 * more requests and tasks than one, and sent the business and its locations' hours three times over.
 * Readers shape what they need from it (useSiteData, SeoHead, useOrderingConfig, useFormsData), each
 * naming the part it reads as `Shape` (its own query type), so this hook, below them all, knows none of them.
 */
export function useMainstreetStaticData<Shape>(): Shape {
  return useStaticQuery<Shape>(graphql`
    query MainstreetStaticData {
      mainstreetBusiness {
        businessId
        type
        name
        description
        siteUrl
        bookingUrl
        socialMedia
        brandIdentity
        announcement
        brandCode
        providerBrand
        bannerColor
        dataRevision
        recipe
        recipeStyle
        navigation
        bookingTarget
        ordering
        locale
        currency
        structuredData
        logo {
          src
          alt
          file {
            publicURL
            childImageSharp {
              gatsbyImageData(height: 44, layout: FIXED, placeholder: NONE)
            }
          }
        }
        heroImage {
          alt
          file {
            publicURL
          }
        }
      }
      allMainstreetLocation(sort: { order: ASC }) {
        nodes {
          ...MainstreetLocationCard
          primaryLocation
          country
          contactEmails
          openSchedule
          orderTimes
          reservations
          orderingEnabled
          pickupEnabled
          delivery
          taxRateBps
        }
      }
      allMainstreetPlannedPage(filter: { template: { in: ["products", "services", "reservations"] } }) {
        nodes {
          path
          template
        }
      }
      allMainstreetTeamMember(filter: { show: { eq: true } }, sort: { order: ASC }) {
        nodes {
          memberId
          name
          show
        }
      }
      allMainstreetMenuCategory(sort: { order: ASC }) {
        nodes {
          name
          items {
            itemId
            name
            visible
          }
        }
      }
      allMainstreetMenuItem(filter: { visible: { eq: true } }) {
        nodes {
          itemId
          visible
          likeCount
          modifierSetIds
        }
      }
      allMainstreetModifierSet {
        nodes {
          setId
          name
          description
          minAllowed
          maxAllowed
          modifiers {
            modifierId
            name
            priceCents
            available
          }
        }
      }
    }
  `);
}
