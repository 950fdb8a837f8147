import { graphql } from "gatsby";
import { websitePageHead } from "./website-page-head";
import PageBody from "../components/pages/about";

/** The page's query and head tags; the body is components/pages/about.tsx, which recipes may shadow. */
export default PageBody;

export const Head = websitePageHead;

export const query = graphql`
  query MainstreetAboutPage($id: String!) {
    mainstreetBusiness {
      name
      description
      images {
        alt
        file {
          childImageSharp {
            gatsbyImageData(width: 640, aspectRatio: 1.5, layout: CONSTRAINED)
          }
        }
      }
    }
    mainstreetPage(pageId: { eq: $id }) {
      ...MainstreetWebsitePage
    }
  }
`;
